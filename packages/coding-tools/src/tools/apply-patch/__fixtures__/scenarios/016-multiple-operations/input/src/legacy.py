def run(x):
    print(x)
