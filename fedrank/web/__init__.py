"""The web transport: the federation's website (:mod:`.site`), built to a folder or served live."""
