import os
import sys

print(os.sep, sys.argv)
