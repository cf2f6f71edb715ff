// The input ends in the middle of a declaration.
shared x, y
