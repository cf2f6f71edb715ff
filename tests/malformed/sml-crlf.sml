// CRLF line ends: the caret line shows no carriage return.
shared x;
main { write y; }
