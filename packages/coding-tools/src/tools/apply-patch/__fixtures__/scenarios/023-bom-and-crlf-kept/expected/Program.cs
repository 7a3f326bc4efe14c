using System;

class B {}
