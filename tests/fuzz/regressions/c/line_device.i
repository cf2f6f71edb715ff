# 1 "/dev/zero"
int x = 1;
int f(void) { return x; }
int y = ;
