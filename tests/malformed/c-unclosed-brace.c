int x;
int main (void) {
  if (x) {
    x = 1;
  return 0;
