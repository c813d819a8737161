"""A director's file read into text, before any system sees it: the encoding and separator of a
text file (:mod:`.textfile`), an ``.xlsx`` (:mod:`.spreadsheet`), an ``.xls`` or ``.ods``
(:mod:`.workbook`), all within the upload limits and, for workbooks, in a child process bounded
in time and memory (:mod:`.uploads`).

Beside the engines, below the use cases: it imports no handlers and no storage. Each system's
own sheet is parsed by its engine from the text this package gives.
"""
