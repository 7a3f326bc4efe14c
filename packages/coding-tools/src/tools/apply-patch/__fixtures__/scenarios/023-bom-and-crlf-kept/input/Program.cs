using System;

class A {}
