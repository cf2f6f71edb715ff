// Racy twin of lock_elem_list.c: a walker also counts a reference on the next node, whose
// mutex it does not hold.
// expect: head race-free
// expect: heap@lock_elem_list_next.c:39.refs RACE
// expect: heap@lock_elem_list_next.c:39.bytes race-free
// expect: heap@lock_elem_list_next.c:39.next race-free
// expect-race-at: heap@lock_elem_list_next.c:39.refs 28 29
// fixed-twin: lock_elem_list.c
#include <pthread.h>
#include <stdlib.h>

struct node {
  pthread_mutex_t lock;
  int refs;
  long bytes;
  struct node *next;
};

static struct node *head;

static void *
walker (void *arg)
{
  long add = (long) arg;
  for (struct node *n = head; n != NULL; n = n->next)
    {
      pthread_mutex_lock (&n->lock);
      n->refs++;
      if (n->next != NULL) n->next->refs++;
      n->bytes += add;
      pthread_mutex_unlock (&n->lock);
    }
  return NULL;
}

static struct node *
node_new (void)
{
  struct node *n = calloc (1, sizeof *n);
  return n;
}

int
main (void)
{
  for (int i = 0; i < 10; i++)
    {
      struct node *n = node_new ();
      if (n == NULL)
        return 1;
      pthread_mutex_init (&n->lock, NULL);
      n->next = head;
      head = n;
    }
  pthread_t a, b;
  pthread_create (&a, NULL, walker, (void *) 512L);
  pthread_create (&b, NULL, walker, (void *) 64L);
  pthread_join (a, NULL);
  pthread_join (b, NULL);
  return 0;
}
