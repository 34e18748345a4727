"""``default_backend()`` is accepted and ignored, as in current `cryptography`."""


def default_backend() -> object:
    return None
