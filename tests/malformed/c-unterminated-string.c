int x;
const char *s = "never closed;
int main (void) { return x; }
