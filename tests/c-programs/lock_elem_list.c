// Objects of a linked list, each with its own mutex, allocated at one site: walkers visit
// every node and update it under the node's mutex. The guess is on the walk's pointer:
// within the loop body n is not assigned, so n points to the representative node or not.
// expect: head race-free
// expect: heap@lock_elem_list.c:38.refs race-free
// expect: heap@lock_elem_list.c:38.bytes race-free
// expect: heap@lock_elem_list.c:38.next race-free
// racy-twin: lock_elem_list_next.c
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
