// A tab before the error: the caret line keeps it.
shared x;
main {
	write	x y;
}
