"""``python -m sentinel.bench.doc_tables``: regenerate (or ``--check``) the pages' tables."""

from sentinel.bench.doc_tables import main

raise SystemExit(main())
