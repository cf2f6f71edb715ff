/* rf-c-lower-expr: expressions and conditions lowered to accesses and branches.
 *
 * Approach. An expression is evaluated left to right where C fixes the order (&&, ||,
 * ?:, comma) and in tree order elsewhere; every read of an lvalue is a READ of its
 * places, every assignment a WRITE (a compound one: READ then WRITE). A condition
 * branches both ways after the reads it contains, except a trylock's result, whose
 * success branch is the one that holds the lock, and a test of a value variable's
 * value, which goes the way its value says (rf-c-lower-values.c). */
#include "rf-c-lower-private.h"

#include <string.h>

static gboolean
places_are_array_or_fn (Lower *L, CExpr *e)
{
  CType *t = strip (L, type_of (L, e));
  return t && (t->kind == C_TYPE_ARRAY || t->kind == C_TYPE_FUNCTION);
}

/* Reads the value of lvalue E. */
static void
read_lvalue (Lower *L, CExpr *e)
{
  g_autoptr (GPtrArray) ps = lower_lval (L, e);
  if (!places_are_array_or_fn (L, e))
    lower_access (L, ps, ACC_READ, FALSE, e->loc);
}

void
lower_eval_init (Lower *L, CInit *in)
{
  if (!in)
    return;
  if (in->expr)
    {
      lower_eval (L, in->expr);
      return;
    }
  for (guint i = 0; in->items && i < in->items->len; i++)
    {
      CInitItem *it = g_ptr_array_index (in->items, i);
      for (guint j = 0; it->designators && j < it->designators->len; j++)
        {
          CDesignator *d = g_ptr_array_index (it->designators, j);
          lower_eval (L, d->index);
          lower_eval (L, d->index_hi);
        }
      lower_eval_init (L, it->init);
    }
}

static void eval_expr (Lower *L, CExpr *e);

void
lower_eval (Lower *L, CExpr *e)
{
  /* the values a pointer argument is computed from are read exactly: only where
   * it points is resolved whole (elems_off, rf-c-lower-elems.c) */
  guint off = L->elems_off;
  const RfCLoc *cell = L->rep_cell;
  L->elems_off = 0;
  eval_expr (L, e);
  L->elems_off = off;
  L->rep_cell = cell;
}

static void
eval_expr (Lower *L, CExpr *e)
{
  if (!e || L->quiet)
    return;
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      if (e->decl && (e->decl->kind == C_DECL_VAR || e->decl->kind == C_DECL_PARAM))
        read_lvalue (L, e);
      else if (e->decl && e->decl->kind == C_DECL_FUNC)
        return;
      return;
    case C_EXPR_MEMBER: case C_EXPR_INDEX:
      read_lvalue (L, e);
      return;
    case C_EXPR_UNARY:
      switch (e->op)
        {
        case C_OP_ADDR:
          {
            g_autoptr (GPtrArray) ps = lower_lval (L, e->a);
          }
          return;
        case C_OP_DEREF:
          read_lvalue (L, e);
          return;
        case C_OP_PREINC: case C_OP_PREDEC: case C_OP_POSTINC: case C_OP_POSTDEC:
          {
            g_autoptr (GPtrArray) ps = lower_lval (L, e->a);
            lower_access (L, ps, ACC_RW, FALSE, e->loc);
            lower_joinall_count_step (L, e);
            lower_value_step (L, e);
          }
          return;
        default:
          lower_eval (L, e->a);
          return;
        }
    case C_EXPR_BINARY:
      if (e->op == C_OP_AND || e->op == C_OP_OR)
        {
          guint t = lower_node (L, e->loc), f = lower_node (L, e->loc);
          lower_cond (L, e, t, f);
          lower_edge (L, t, f, RF_OP_SKIP, -1, -1, e->loc, NULL);
          L->cur = f;
          return;
        }
      lower_eval (L, e->a);
      lower_eval (L, e->b);
      return;
    case C_EXPR_ASSIGN:
      {
        g_autoptr (GPtrArray) ps = lower_lval (L, e->a);
        lower_eval (L, e->b);
        lower_access (L, ps, e->op == C_OP_ASSIGN ? ACC_WRITE : ACC_RW, FALSE, e->loc);
        lower_joinall_count_step (L, e);
        lower_value_step (L, e);
      }
      return;
    case C_EXPR_COND:
      {
        guint t = lower_node (L, e->loc), f = lower_node (L, e->loc), j = lower_node (L, e->loc);
        if (e->b)
          lower_cond (L, e->a, t, f);
        else
          {
            lower_eval (L, e->a);
            lower_edge (L, L->cur, t, RF_OP_SKIP, -1, -1, e->loc, "?: true");
            lower_edge (L, L->cur, f, RF_OP_SKIP, -1, -1, e->loc, "?: false");
          }
        L->cur = t;
        lower_eval (L, e->b);
        lower_edge (L, L->cur, j, RF_OP_SKIP, -1, -1, e->loc, NULL);
        L->cur = f;
        lower_eval (L, e->c);
        lower_edge (L, L->cur, j, RF_OP_SKIP, -1, -1, e->loc, NULL);
        L->cur = j;
      }
      return;
    case C_EXPR_COMMA:
      lower_eval (L, e->a);
      lower_eval (L, e->b);
      return;
    case C_EXPR_CALL:
      lower_call (L, e);
      lower_value_step (L, e);
      return;
    case C_EXPR_CAST:
      /* (int (*)[n]) p evaluates n */
      lower_eval_vla_sizes (L, e->type);
      lower_eval (L, e->a);
      return;
    case C_EXPR_VA_ARG:
      lower_eval (L, e->a);
      return;
    case C_EXPR_SIZEOF:
      /* sizeof of a variably modified type evaluates its operand (C11 6.5.3.4p2): the
       * sizes in the type named, or the expression whose type it is */
      if (e->type)
        lower_eval_vla_sizes (L, e->type);
      else if (lower_type_is_vm (L, type_of (L, e->a)))
        lower_eval (L, e->a);
      return;
    case C_EXPR_COMPOUND_LIT:
      lower_eval_init (L, e->init);
      return;
    case C_EXPR_STMT_EXPR:
      lower_stmt (L, e->stmt);
      lower_value_step (L, e);
      return;
    case C_EXPR_GENERIC:
      {
        /* The association is chosen at compile time; every one is a possible branch. */
        lower_eval (L, e->a);
        guint start = L->cur, j = lower_node (L, e->loc);
        for (guint i = 0; e->args && i < e->args->len; i++)
          {
            CGenericAssoc *a = g_ptr_array_index (e->args, i);
            L->cur = start;
            lower_eval (L, a->expr);
            lower_edge (L, L->cur, j, RF_OP_SKIP, -1, -1, e->loc, NULL);
          }
        L->cur = j;
      }
      return;
    default:
      return;
    }
}

/* E (peeled) as a call tested against 0: `call` (true when it returned non-zero),
 * `call == 0`, `0 == call` (true when 0), `call != 0`; *ZERO_IS_TRUE says which. NULL
 * for anything else. */
static CExpr *
call_vs_zero (CExpr *e, gboolean *zero_is_true)
{
  if (e && e->kind == C_EXPR_CALL)
    return (*zero_is_true = FALSE), e;
  if (!e || e->kind != C_EXPR_BINARY || (e->op != C_OP_EQ && e->op != C_OP_NE))
    return NULL;
  CExpr *a = c_peel (e->a), *b = c_peel (e->b);
  gint64 z;
  CExpr *call = a && a->kind == C_EXPR_CALL && c_const_int (b, &z) && z == 0 ? a
                : b && b->kind == C_EXPR_CALL && c_const_int (a, &z) && z == 0 ? b : NULL;
  *zero_is_true = e->op == C_OP_EQ;
  return call;
}

/* The checked call in a condition E (`call`, `!call`, `call == 0`, `call != 0`, `0 !=
 * call`): a trylock (a mutex trylock/timedlock, sem_trywait/timedwait), a mutex lock, a
 * sem_wait or a pthread_create, all of which return 0 on success, and whether "true"
 * means it succeeded. */
static CExpr *
checked_call_in (CExpr *e, gboolean *true_is_success)
{
  e = c_peel (e);
  if (!e)
    return NULL;
  gboolean neg = FALSE;
  while (e && e->kind == C_EXPR_UNARY && e->op == C_OP_NOT)
    {
      neg = !neg;
      e = c_peel (e->a);
    }
  gboolean zero_is_true = FALSE;  /* the condition holds when the call returned 0 */
  CExpr *call = call_vs_zero (e, &zero_is_true);
  if (!call)
    return NULL;
  /* a mutex lock or sem_wait whose result is tested may fail too (an error-checking
   * mutex's EDEADLK, a robust one's errors, EINTR): taken on success only */
  RfCLibcEffect k = lower_effect_of (c_callee_name (call));
  if (!rf_c_libc_is_try (k) && k != RF_C_LIBC_CREATE && k != RF_C_LIBC_LOCK && k != RF_C_LIBC_SEM_WAIT)
    return NULL;
  *true_is_success = neg ? !zero_is_true : zero_is_true;
  return call;
}

/* Condition CALL, a call of a function with a body the lowering inlines: inlined with
 * its returns split by the returned value's truth (Frame.split), to T or F; a return
 * that does not go through a split frame (the end of the body, a recursive call's)
 * goes both ways. FALSE when CALL is no such call. */
static gboolean
split_call (Lower *L, CExpr *call, guint t, guint f)
{
  const char *name = c_callee_name (call);
  CDecl *def = name ? lower_func_def (L, name) : NULL;
  if (!def || def->in_system || L->quiet || rf_c_libc_lowers (rf_c_libc_lookup (name), TRUE)
      || g_hash_table_contains (L->pre.recursive, def))
    return FALSE;
  for (Frame *fr = L->frame; fr; fr = fr->up)
    if (fr->fn == def)
      return FALSE;
  /* the frame's ret_t and ret_f (lower_inline takes them when it makes the frame; an
   * atomic function's section ends after them, lower_svcomp_inline, and moves them) */
  L->split_call = call;
  L->split_t = lower_node (L, call->loc);
  L->split_f = lower_node (L, call->loc);
  lower_call (L, call);
  L->split_call = NULL;
  lower_edge (L, L->cur, t, RF_OP_SKIP, -1, -1, call->loc, "result true");
  lower_edge (L, L->cur, f, RF_OP_SKIP, -1, -1, call->loc, "result false");
  lower_edge (L, L->split_t, t, RF_OP_SKIP, -1, -1, call->loc, "result true");
  lower_edge (L, L->split_f, f, RF_OP_SKIP, -1, -1, call->loc, "result false");
  return TRUE;
}

/* Lowers condition E from the current node to T (true) or F (false). */
void
lower_cond (Lower *L, CExpr *e, guint t, guint f)
{
  CExpr *p = c_peel (e);
  gboolean ts;
  if (p && lower_split_decides (L, p, &ts))
    {
      /* a condition on locals the path has tested already (rf-c-lower-split.c) */
      lower_edge (L, L->cur, ts ? t : f, RF_OP_SKIP, -1, -1, e->loc, ts ? "condition true (as before)"
                                                                         : "condition false (as before)");
      return;
    }
  if (p && p->kind == C_EXPR_BINARY && p->op == C_OP_AND)
    {
      guint mid = lower_node (L, p->b->loc);
      lower_cond (L, p->a, mid, f);
      L->cur = mid;
      lower_cond (L, p->b, t, f);
      return;
    }
  if (p && p->kind == C_EXPR_BINARY && p->op == C_OP_OR)
    {
      guint mid = lower_node (L, p->b->loc);
      lower_cond (L, p->a, t, mid);
      L->cur = mid;
      lower_cond (L, p->b, t, f);
      return;
    }
  if (p && p->kind == C_EXPR_UNARY && p->op == C_OP_NOT && !checked_call_in (p, &ts))
    {
      lower_cond (L, p->a, f, t);
      return;
    }
  CExpr *call = checked_call_in (p, &ts);
  if (call && lower_effect_of (c_callee_name (call)) == RF_C_LIBC_CREATE)
    {
      lower_create_checked (L, call, ts ? t : f, ts ? f : t);
      return;
    }
  if (call)
    {
      /* a mutex lock fails only on an error-checking or robust mutex (a default one
       * blocks): in a program that makes none, the failure branch is not taken */
      guint fail = ts ? f : t;
      if (lower_effect_of (c_callee_name (call)) == RF_C_LIBC_LOCK && !L->pre.mutex_other)
        fail = lower_node (L, call->loc);
      lower_trylock (L, call, ts ? t : f, fail);
      return;
    }
  if (lower_value_cond (L, p, t, f))
    return;
  gint64 k;
  if (lower_value_const (L, p, &k))
    {
      lower_edge (L, L->cur, k ? t : f, RF_OP_SKIP, -1, -1, e->loc, k ? "condition true" : "condition false");
      return;
    }
  /* `f (...)`, `f (...) != 0`, `f (...) == 0`: the call's truth */
  gboolean zero_is_true;
  CExpr *fc = call_vs_zero (p, &zero_is_true);
  if (fc && split_call (L, fc, zero_is_true ? f : t, zero_is_true ? t : f))
    return;
  lower_eval (L, e);
  lower_edge (L, L->cur, t, RF_OP_SKIP, -1, -1, e ? e->loc : RF_LOC_NONE, "condition true");
  lower_edge (L, L->cur, f, RF_OP_SKIP, -1, -1, e ? e->loc : RF_LOC_NONE, "condition false");
}

/* T contains an array whose size is not a constant: a variably modified type (through
 * pointers, arrays, typedefs and typeof). */
gboolean
lower_type_is_vm (Lower *L, CType *t)
{
  for (int depth = 0; t && depth < 64; depth++)
    switch (t->kind)
      {
      case C_TYPE_ARRAY:
        {
          gint64 v;
          if (t->expr && !c_const_int (t->expr, &v))
            return TRUE;
          t = t->base;
        }
        break;
      case C_TYPE_POINTER:
        t = t->base;
        break;
      case C_TYPE_TYPEDEF:
        t = t->tdef ? t->tdef->type : NULL;
        break;
      case C_TYPE_TYPEOF:
        t = t->base ? t->base : type_of (L, t->expr);
        break;
      default:
        return FALSE;
      }
  return FALSE;
}

void
lower_eval_vla_sizes (Lower *L, CType *t)
{
  /* a typedef's sizes were evaluated at its declaration; typeof (E) evaluates E when E
   * is variably modified (typeof (T): T's sizes) */
  for (int depth = 0; t && depth < 64; depth++)
    switch (t->kind)
      {
      case C_TYPE_ARRAY:
        lower_eval (L, t->expr);
        t = t->base;
        break;
      case C_TYPE_POINTER:
        t = t->base;
        break;
      case C_TYPE_TYPEOF:
        if (t->base)
          t = t->base;
        else
          {
            if (lower_type_is_vm (L, type_of (L, t->expr)))
              lower_eval (L, t->expr);
            return;
          }
        break;
      default:
        return;
      }
}
