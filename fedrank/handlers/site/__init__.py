"""The federation's website, as data: what each page shows (index, a discipline's archive of
lists, a list, a player's profile, a tournament's results with each award's trace), assembled
from the repositories as plain JSON-ready dicts.

The same dict is the page's JSON (``/api/v1/...``) and what the web layer's templates render,
so the two never disagree. :mod:`.pages` builds one page for the live server;
:mod:`.whole` walks the whole site with one read per table and discipline, for a build.
Paths (one scheme for the static folder, the live server and the links) are in :mod:`.paths`.
"""
