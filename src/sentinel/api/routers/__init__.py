"""One router per resource of ``/api/v1``."""
