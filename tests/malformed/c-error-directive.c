#error this file must not be compiled
int main (void) { return 0; }
