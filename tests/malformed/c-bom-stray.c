int x @;
/* The stray '@' is at column 7 of line 1: the mark is not counted. */
int main (void) { return x; }
