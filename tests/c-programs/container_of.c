// A pointer to a member converted back to its enclosing struct (container_of): the
// access through it reaches the enclosing object's other fields. The worker bumps
// o.count that way; main reads it: a race (the points-to set of the member pointer is
// o.link, seen as a struct outer it is o).
// expect: o.count RACE
// expect: head race-free
#include <pthread.h>
#include <stddef.h>

struct link { struct link *next; };
struct outer { int count; struct link link; };
struct outer o;
struct link *head = &o.link;

static void *worker (void *arg)
{
  (void) arg;
  struct link *l = head;
  struct outer *p = (struct outer *) ((char *) l - offsetof (struct outer, link));
  p->count++;
  return NULL;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  return o.count;
}
