// A value variable with more values than the net builder takes (RF_VALUE_MAX, 8).
value digit {0, 1, 2, 3, 4, 5, 6, 7, 8, 9} = 0;
value ok {1, 2, 3, 4, 5, 6, 7, 8} = 8;

main {
  set digit = 9;
  set ok = 1;
}
