class UnsupportedAlgorithm(Exception):
    pass


class AlreadyFinalized(Exception):
    pass
