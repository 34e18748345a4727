"""The package's version, in a module of its own so that every module can import it without the package root."""

__version__ = "0.1.0"
