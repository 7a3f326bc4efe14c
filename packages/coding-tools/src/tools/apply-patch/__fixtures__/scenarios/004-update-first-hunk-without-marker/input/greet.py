def greet(name):
    message = "Hello, " + name
    print(message)
    return message
