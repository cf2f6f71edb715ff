int x;
int main (void) { return x; } }
}
