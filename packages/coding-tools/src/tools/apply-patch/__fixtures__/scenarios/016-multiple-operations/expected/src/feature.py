def feature():
    return "on"
