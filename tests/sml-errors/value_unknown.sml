// Tests and sets with values the variable does not have (each reported once).
value flag {0, 1} = 0;

main {
  test flag == 2;
  set flag = 1 from -1;
  set flag = 3 from 3;
  set flag = 5;
  set flag = 1;
}
