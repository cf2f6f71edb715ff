// Parentheses are for (*) only.
shared x;
main { if ((((*)))) write x; }
