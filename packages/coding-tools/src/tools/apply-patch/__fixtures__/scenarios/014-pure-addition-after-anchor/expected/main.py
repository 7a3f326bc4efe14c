import os
import sys
import json

print(os.sep, sys.argv)
