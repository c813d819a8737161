"""Thin transports: they turn platform events into handler calls and render replies."""
