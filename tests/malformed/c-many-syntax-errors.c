/* 30 syntax errors: 20, then a note. */
int x;
int main (void) {
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  x = ;
  return 0;
}
