// A linked stack whose nodes are reached only from their own stack, always under that
// stack's mutex: race-free. racefree checks one stack at a time, but the nodes are
// their allocation site's objects, shared by every stack: a call on another stack
// (whose mutex gives no exclusion for the representative) reaches the same locations.
// args: --entry stack_new --entry stack_push --entry stack_pop
// expect: struct stack.top race-free
// expect: struct stack.depth race-free
// expect: heap@module_object_nodes.c:45.value race-free
// expect: heap@module_object_nodes.c:45.next race-free
// known-gap: heap@module_object_nodes.c:45.value RACE: nodes are one location per allocation site, not per stack
// known-gap: heap@module_object_nodes.c:45.next RACE: as for value
// expect: client memory race-free
// known-gap: client memory RACE: free(n) through a pointer loaded from another stack may reach any client memory
#include <pthread.h>
#include <stdlib.h>

struct node
{
  int value;
  struct node *next;
};

struct stack
{
  pthread_mutex_t lock;
  struct node *top;
  int depth;
};

struct stack *
stack_new (void)
{
  struct stack *s = malloc (sizeof *s);
  if (!s)
    return NULL;
  pthread_mutex_init (&s->lock, NULL);
  s->top = NULL;
  s->depth = 0;
  return s;
}

int
stack_push (struct stack *s, int v)
{
  struct node *n = malloc (sizeof *n);
  if (!n)
    return -1;
  n->value = v;
  pthread_mutex_lock (&s->lock);
  n->next = s->top;
  s->top = n;
  s->depth++;
  pthread_mutex_unlock (&s->lock);
  return 0;
}

int
stack_pop (struct stack *s)
{
  int v = -1;
  pthread_mutex_lock (&s->lock);
  struct node *n = s->top;
  if (n)
    {
      s->top = n->next;
      s->depth--;
      v = n->value;
      free (n);
    }
  pthread_mutex_unlock (&s->lock);
  return v;
}
