from legacy import run
from math_utils import add

run(add(1, 2))
