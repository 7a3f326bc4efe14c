class Reader:
    def open(self):
        return True

    def close(self):
        return True

class Writer:
    def open(self):
        return True

    def close(self):
        return False
