/* rf-c-lower-joinall-elem: the element a join loop's pass reads right after joining
 * the thread that was given it.
 *
 * Approach. A create loop that hands each thread its element (`pthread_create (&t[i],
 * NULL, work, &w[i])`, split by rf-c-lower-elems.c) is often followed by a join loop
 * that reads each element back as soon as its thread is joined:
 *
 *     for (i = 0; i < n; i++) { pthread_join (t[i], NULL); total += w[i].sum; }
 *
 * The join plan (rf-c-lower-joinall.c) says every thread has ended after the join
 * loop, not inside it; and a join of slot t[i] takes a token any thread created with
 * handle t posts, so `w[i].sum` would race with the thread given w[i]. The plan's
 * checks give more: pass i of the join loop joins exactly the thread pass i of the
 * create loop started (distinct slots of one range, nothing else writing them). So
 * the join loop is split as the create loop is (ElemSplit.join), on the same base and
 * its own index: in the pass of the representative element e it reads `w[e]` (the
 * array's location) and its join waits for the thread given e, in the others `w[j]`
 * is no location and the join waits for another thread. The thread given e posts a
 * semaphore of its own when it ends (`exited$t@the element`, the handle's semaphore
 * with a role: join_sem), the others the handle's. In a real run the representative
 * passes of both loops are the ones of index e, which the model may choose (its choice
 * of each loop's representative pass is free); a run of the model whose two loops
 * choose different passes only adds behaviour. A plan's join not split (a nesting
 * too deep, say) may take either semaphore (lower_joinall_elem_join_sems).
 *
 * The split applies when the plan joins slot by slot (not a wait loop), its create
 * loop is split on base B, and the join loop's body names `B[j]` with j its index
 * (lower_distinct_index), B the same address all through it. An index split alike
 * (each thread handed its index, `results[id]`): the join loop is split as one too
 * (every named array at j) when its body names one at j. */
#include "rf-c-lower-private.h"

#include <string.h>

/* Access: the walk for `B[j]` in a join loop's body. */
typedef struct {
  CExpr *base;          /* NULL: any named array */
  CDecl *index;
  Lower *L;
  gboolean found;
  CExpr *skip;          /* the join's handle argument (reading the handle pays nothing) */
} Access;

static CVisitResult
find_access (CExpr *e, gpointer data)
{
  Access *a = data;
  if (e == a->skip)
    return C_VISIT_SKIP;
  if (e->kind == C_EXPR_INDEX && lower_index_decl (a->L, e->b) == a->index
      && (a->base ? lower_same_text (e->a, a->base) : lower_elems_named_array (a->L, e->a)))
    a->found = TRUE;
  return a->found ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

/* The join loop of plan P names `B[j]`, j its index, elsewhere than in its join's
 * handle (`pthread_join (w[j].tid, NULL)` alone is no reason to split). */
static gboolean
join_reads (Lower *L, JoinAllPlan *p, CExpr *base)
{
  CStmt *s = p->join_loop;
  if (!p->join || !s || !s->body || (s->kind != C_STMT_FOR && s->kind != C_STMT_WHILE))
    return FALSE;
  CDecl *j = lower_distinct_index (L, s);
  Access a = { base, j, L, FALSE, c_arg (p->join, 0) };
  return j && c_visit_stmt (&(CVisitor) { .expr = find_access, .data = &a }, s->body)
         && (!base || lower_elems_fixed_base (L, base, s->body));
}

void
lower_joinall_elem_create_loop (Lower *L, ElemSplit *sp)
{
  if (!sp || (!sp->base && !sp->value) || sp->guess)
    return;
  for (guint i = 0; i < L->jobs.joinall->len; i++)
    {
      JoinAllPlan *p = g_ptr_array_index (L->jobs.joinall, i);
      if (!p->create || p->create_fn || !lower_stmt_holds (sp->loop, p->create) || p->elem_base || p->elem_value
          || !join_reads (L, p, sp->base))
        continue;
      p->elem_base = sp->base;
      p->elem_value = sp->value;
    }
}

ElemSplit *
lower_joinall_elem_join_loop (Lower *L, CStmt *s)
{
  for (guint i = 0; i < L->jobs.joinall->len; i++)
    {
      JoinAllPlan *p = g_ptr_array_index (L->jobs.joinall, i);
      if (p->join_loop != s || (!p->elem_base && !p->elem_value) || p->join_fn)
        continue;
      ElemSplit *sp = g_new0 (ElemSplit, 1);
      sp->loop = s;
      sp->index = lower_distinct_index (L, s);
      sp->base = p->elem_base;
      sp->value = p->elem_value;  /* every named array at the index, as the threads' */
      sp->frame = L->frame;
      sp->role = ELEM_NONE;
      sp->join = p;
      sp->inner = g_hash_table_new (NULL, NULL);
      c_visit_stmt (&(CVisitor) { .stmt = lower_elems_collect_inner, .data = sp->inner }, s->body);
      return sp;
    }
  return NULL;
}

/* The innermost split of the frame being lowered, or NULL. */
static ElemSplit *
innermost (Lower *L)
{
  for (guint k = L->elems->len; k-- > 0;)
    {
      ElemSplit *sp = g_ptr_array_index (L->elems, k);
      if (sp->frame == L->frame && !sp->guess)
        return sp;
    }
  return NULL;
}

/* The handle semaphore of handle lvalue H for the thread given the representative
 * element (see the approach). */
static gint
rep_sem (Lower *L, CExpr *h)
{
  return lower_handle_sem_role (L, h, "@the element");
}

gint
lower_joinall_elem_create_sem (Lower *L, JoinAllPlan *p, CExpr *h, gint sem)
{
  ElemSplit *sp = innermost (L);
  if (!p || (!p->elem_base && !p->elem_value) || !sp || sp->join || sp->role != ELEM_REP
      || (p->elem_value ? !sp->value : !sp->base || !lower_same_text (sp->base, p->elem_base)))
    return sem;
  gint r = rep_sem (L, h);
  return r >= 0 ? r : sem;
}

guint
lower_joinall_elem_join_sems (Lower *L, CExpr *call, gint sem, gint *sems)
{
  sems[0] = sem;
  JoinAllPlan *p = NULL;
  for (guint i = 0; i < L->jobs.joinall->len && !p; i++)
    if (((JoinAllPlan *) g_ptr_array_index (L->jobs.joinall, i))->join == call)
      p = g_ptr_array_index (L->jobs.joinall, i);
  if (!p || (!p->elem_base && !p->elem_value))
    return sem >= 0;
  ElemSplit *sp = innermost (L);
  if (sp && sp->join == p && sp->role == ELEM_REP)
    return (sems[0] = rep_sem (L, c_arg (call, 0))) >= 0;
  if (sem < 0 || (sp && sp->join == p))
    return sem >= 0;  /* another thread's: the handle's semaphore, if it is joinable */
  sems[1] = rep_sem (L, c_arg (call, 0));  /* not split: either thread */
  return sems[1] >= 0 ? 2 : 1;
}
