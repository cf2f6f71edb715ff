// A thread count beyond any integer type.
shared x;
thread t [999999999999999999999999] { write x; }
main { }
