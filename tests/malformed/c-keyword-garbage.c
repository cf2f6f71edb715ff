int int int x;
struct struct;
int main (void) { return 0; }
