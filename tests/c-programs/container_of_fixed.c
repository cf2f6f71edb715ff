// A pointer to a member converted back to its enclosing struct (container_of): the
// access through it reaches the enclosing object's other fields (the points-to set
// of the member pointer is o.link, seen as a struct outer it is o). The worker bumps
// o.count that way under the lock, and main reads it under the lock too.
// expect: o.count race-free
// expect: head race-free
#include <pthread.h>
#include <stddef.h>

struct link { struct link *next; };
struct outer { int count; struct link link; };
struct outer o;
struct link *head = &o.link;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *worker (void *arg)
{
  (void) arg;
  struct link *l = head;
  struct outer *p = (struct outer *) ((char *) l - offsetof (struct outer, link));
  pthread_mutex_lock (&m);
  p->count++;
  pthread_mutex_unlock (&m);
  return NULL;
}

int main (void)
{
  pthread_t t;
  pthread_create (&t, NULL, worker, NULL);
  pthread_mutex_lock (&m);
  int v = o.count;
  pthread_mutex_unlock (&m);
  return v;
}
