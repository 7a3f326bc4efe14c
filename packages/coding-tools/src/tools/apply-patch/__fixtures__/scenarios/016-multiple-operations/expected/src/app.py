from legacy import run
from lib.math_utils import add
from feature import feature

run(add(1, 2))
