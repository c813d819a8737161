"""The federation's player registry: a file of players imported (previewed, then written in one
transaction) and exported in the same columns. ``fileformat`` and ``plan`` are pure."""
