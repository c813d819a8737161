"""fedrank: official rating and classification systems of mind-sport federations."""

__version__ = "0.1.0"
