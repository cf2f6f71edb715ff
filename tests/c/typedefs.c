/* typedefs.c: typedef names against ordinary identifiers, scopes and shadowing. */
typedef int T;
void f(void) { int T; T = 1; }
T g;
void h(T T) { T = 2; }
struct S { T T; long U; } s;
typedef T U;
void k(void) { U * x; T * y; { typedef char T; T c; } T z = 0; unsigned T; T = 3; }
int (*fp)(T);
void m(int (T));
int n(T (x)) { return x; }
typedef struct node { struct node *next; T v; } node;
node *list;
void p(void) { for (int T = 0; T < 3; T++) ; T after = 1; }
enum { A, B = A + 1 } e;
int q(void) { typedef int T2; T2 T2x = sizeof (T2); goto T; T: return T2x; }
void (*signal2(int sig, void (*func)(int)))(int);
int T2;
int main(void) { node n; n.v = 1; list->next = &n; return ((T) 1) + (T) +2; }
