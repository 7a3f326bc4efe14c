def greet(name):
    message = f"Hello, {name}!"
    print(message)
    return message
