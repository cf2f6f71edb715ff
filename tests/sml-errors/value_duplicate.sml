// A value given twice in a value variable's declaration (in any order).
value state {0, 1, 2, 1} = 0;
value mode {-1, 3, -1} = 3;

main {
  test state == 2;
  set mode = -1 from 3;
}
