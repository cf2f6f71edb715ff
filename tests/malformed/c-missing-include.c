#include "no-such-header.h"
int main (void) { return 0; }
