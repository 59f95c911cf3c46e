"""Reading a contract's fields from the pages a run read: the page's data first, then its text,
the model only choosing among candidates; every value verified (see ``read``)."""
