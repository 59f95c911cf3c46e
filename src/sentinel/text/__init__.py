"""Text matching shared by the monitors and the research agent: quotes compared the way a
reader would (``quotes``) and the values prose states (``values``)."""
