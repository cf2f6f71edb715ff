/* rf-c-lower-resolve: what a pointer expression may point to, as places of the program model.
 *
 * Approach. `*p`, `p->f`, `p[i]` resolve, first that applies: a known address (`&x`,
 * an array, `q + i` of one); a variable's alias, resolved in turn (a parameter bound
 * to its argument by inlining, a local initialised once and never assigned) unless
 * that needs a guess by type; a start routine's parameter bound to the places
 * pthread_create's argument resolved to exactly; an entry's parameter standing for
 * the representative object or another one (module mode); the complete points-to set;
 * else by type: every reachable object (or subobject) of a compatible type, and every
 * heap object of unknown type. Every answer is seen at the pointer's target type
 * (rf_c_objects_view). */
#include "rf-c-lower-private.h"

#include <string.h>

static GPtrArray *lower_deref_offset (Lower *L, CExpr *base);

/* Extends each place with member FIELD (untyped and union places stay whole). */
static void
extend_member (Lower *L, GPtrArray *ps, const char *field)
{
  for (guint i = 0; i < ps->len; i++)
    g_ptr_array_index (ps, i) = (gpointer) rf_c_objects_member (L->objs, g_ptr_array_index (ps, i), field);
}

/* Extends each place of an array type with its elements. */
static void
extend_index (Lower *L, GPtrArray *ps)
{
  for (guint i = 0; i < ps->len; i++)
    g_ptr_array_index (ps, i) = (gpointer) rf_c_objects_element (L->objs, g_ptr_array_index (ps, i));
}

/* Every address-taken object or subobject an lvalue of type WANT may denote (a
 * guess: counted in L->guessed). */
GPtrArray *
lower_by_type (Lower *L, CType *want)
{
  GPtrArray *out = places_new ();
  L->guessed++;
  gboolean any = type_is_any (L, want);
  /* module mode: an object of a struct type with a client root, wherever it was
   * made, is that root's, not the untyped `client memory`'s or `external memory`'s
   * (effective types) */
  gboolean typed_client = lower_client_root (L, want) != NULL;
  for (guint i = 0; i < L->roots->len; i++)
    {
      RfCObj *r = g_ptr_array_index (L->roots, i);
      if (!r->reachable || (typed_client && lower_untyped_memory (L, r)))
        continue;
      if (any || !r->type)
        g_ptr_array_add (out, (gpointer) rf_c_objects_loc (L->objs, r, ""));
      else
        rf_c_objects_match (L->objs, r, "", r->type, want, out);
    }
  return out;
}

/* A call of N returns a new object of its allocation site (malloc, realloc...). */
gboolean
lower_is_new_alloc (Lower *L, const char *n)
{
  CDecl *def = n ? lower_func_def (L, n) : NULL;
  if (def)
    return g_hash_table_contains (L->pre.wrappers, def);
  const RfCLibcFunc *f = n ? rf_c_libc_lookup (n) : NULL;
  return f && f->pointers == RF_C_LIBC_PTS_ALLOC;
}

gboolean
lower_is_alloc (Lower *L, const char *n)
{
  CDecl *def = n ? lower_func_def (L, n) : NULL;
  if (def)
    return g_hash_table_contains (L->pre.wrappers, def);
  const RfCLibcFunc *f = rf_c_libc_lookup (n);
  return f && (f->pointers == RF_C_LIBC_PTS_ALLOC || f->pointers == RF_C_LIBC_PTS_REALLOC);
}

/* A pointer variable whose value is an expression we can follow: a parameter bound
 * to its argument, or a local initialised once and never assigned. Returns that
 * expression and sets *frame to where it is evaluated. */
static CExpr *
alias_of (Lower *L, CDecl *d, Frame **frame)
{
  if (!d || g_hash_table_contains (L->pre.assigned, d) || g_hash_table_contains (L->pre.escaped, d))
    return NULL;
  if (d->kind == C_DECL_PARAM)
    {
      for (Frame *f = L->frame; f; f = f->up)
        if (f->args && g_hash_table_contains (f->args, d) && !g_hash_table_contains (L->pre.recursive, f->fn))
          {
            *frame = f->up;
            return g_hash_table_lookup (f->args, d);
          }
      return NULL;
    }
  if (d->kind == C_DECL_VAR && !c_is_static_object (d) && d->init && d->init->expr)
    {
      *frame = L->frame;
      return d->init->expr;
    }
  return NULL;
}

/* PS seen as objects of type WANT (rf_c_objects_view). NULL, void and character types
 * keep every place. Consumes PS. */
static GPtrArray *
view_places (Lower *L, GPtrArray *ps, CType *want)
{
  if (!want || type_is_any (L, want))
    return ps;
  GPtrArray *out = places_new ();
  for (guint i = 0; i < ps->len; i++)
    rf_c_objects_view (L->objs, g_ptr_array_index (ps, i), want, out);
  g_ptr_array_unref (ps);
  return out;
}

/* The place of points-to location LOC: LOC itself when its object is a root (as lval
 * would make it), NULL for a function, a call's struct result, and a local that never
 * escapes (all thread-private); *MISSING when the lowering has no root for a heap site,
 * literal or library state. */
static const RfCLoc *
place_of_loc (Lower *L, const RfCLoc *loc, gboolean *missing)
{
  RfCObj *r = NULL;
  switch (loc->obj->kind)
    {
    case RF_C_OBJ_VAR:
      r = lower_root_of_decl (L, loc->obj->decl, loc->obj->fn);
      break;
    case RF_C_OBJ_HEAP: case RF_C_OBJ_LITERAL: case RF_C_OBJ_ARGV: case RF_C_OBJ_LIBSTATE:
      r = loc->obj->name ? loc->obj : NULL;
      if (!r)
        *missing = TRUE;
      break;
    default:
      break;
    }
  g_assert (!r || r == loc->obj);
  return r ? loc : NULL;
}

/* The places of pointer E's points-to set seen as WANT, or NULL when the analysis has
 * no complete set for E. */
static GPtrArray *
by_points (Lower *L, CExpr *e, CType *want)
{
  if (!L->pts || !is_pointerish (L, type_of (L, e)))
    return NULL;
  g_autoptr (GPtrArray) locs = g_ptr_array_new ();
  if (!rf_c_points_lookup (L->pts, e, want, locs))
    return NULL;
  GPtrArray *ps = places_new ();
  for (guint i = 0; i < locs->len; i++)
    {
      gboolean missing = FALSE;
      const RfCLoc *p = place_of_loc (L, g_ptr_array_index (locs, i), &missing);
      if (missing)
        {
          g_ptr_array_unref (ps);
          return NULL;
        }
      if (p)
        g_ptr_array_add (ps, (gpointer) p);
    }
  return ps;
}

/* The places pointer value E may point to, seen as WANT, without evaluating E (a
 * call's result, after the call): its complete points-to set, else a guess by type.
 * Owned. */
GPtrArray *
lower_value_places (Lower *L, CExpr *e, CType *want)
{
  GPtrArray *ps = by_points (L, e, want);
  return ps ? ps : lower_by_type (L, want);
}

/* The places a start routine's parameter D points to, known at the creation of this
 * job's threads (see K_CREATE), or NULL. */
static GPtrArray *
job_binding (Lower *L, CDecl *d)
{
  if (!d || d->kind != C_DECL_PARAM || !L->job || L->job_id >= L->jobs.arg->len
      || !g_ptr_array_index (L->jobs.arg, L->job_id) || g_hash_table_contains (L->pre.assigned, d)
      || g_hash_table_contains (L->pre.escaped, d))
    return NULL;
  Frame *f = L->frame;
  while (f && f->up)
    f = f->up;
  if (!f || g_hash_table_contains (L->pre.recursive, f->fn) || !f->fn->params || f->fn->params->len == 0
      || g_ptr_array_index (f->fn->params, 0) != d)
    return NULL;
  /* given another element: its whole array where no split applies (elems_off) */
  GPtrArray *whole = g_ptr_array_index (L->jobs.arg_whole, L->job_id);
  if (whole && L->elems_off)
    return whole;
  if (g_array_index (L->jobs.arg_other, guint, L->job_id))
    L->other_obj = TRUE;
  if (g_array_index (L->jobs.arg_inside, guint, L->job_id))
    L->elem_inside = TRUE;
  if (g_ptr_array_index (L->jobs.arg_cell, L->job_id))
    L->rep_cell = g_ptr_array_index (L->jobs.arg_cell, L->job_id);  /* given a representative cell */
  return g_ptr_array_index (L->jobs.arg, L->job_id);
}

/* 1 when D is a parameter of the running entry that stands for the representative
 * object (track_params), 0 when it stands for another object, else -1. Only in the
 * entry's own frame: a recursive call (excluded) could rebind it. */
static gint
tracked_param (Lower *L, CDecl *d)
{
  if (d->kind != C_DECL_PARAM || !L->frame || L->frame->up || !L->job || L->job_id >= L->jobs.track->len)
    return -1;
  guint track = g_array_index (L->jobs.track, guint, L->job_id), other = g_array_index (L->jobs.other, guint, L->job_id);
  if (!(track | other) || !L->frame->fn->params)
    return -1;
  for (guint i = 0; i < L->frame->fn->params->len && i < 32; i++)
    if (g_ptr_array_index (L->frame->fn->params, i) == d)
      return (track & (1u << i)) ? 1 : (other & (1u << i)) ? 0 : -1;
  return -1;
}

/* PS with, for each place in an object of an allocation site in a client class
 * (client_roots), the same place of the client root `struct T` too (its whole object
 * for an untyped site): the object may be the one a tracked parameter stands for.
 * Consumes PS. */
static GPtrArray *
with_clients (Lower *L, GPtrArray *ps)
{
  guint n = ps->len;
  for (guint i = 0; i < n; i++)
    {
      const RfCLoc *pl = g_ptr_array_index (ps, i);
      if (!pl->obj->clients)
        continue;
      for (guint k = 0; k < pl->obj->clients->len; k++)
        {
          /* the same path in T's client root; of an untyped site, its whole object */
          RfCObj *c = g_ptr_array_index (pl->obj->clients, k);
          gboolean same = pl->obj->type && compatible (L, pl->obj->type, c->type);
          const RfCLoc *in_c = rf_c_objects_loc (L->objs, c, same ? pl->path : "");
          if (!g_ptr_array_find (ps, in_c, NULL))
            g_ptr_array_add (ps, (gpointer) in_c);
        }
    }
  return ps;
}

static GPtrArray *deref_ident (Lower *L, CExpr *e, CType *want);

/* The places pointer expression E may point to; evaluates E. In order: a known
 * address (`&x`, an array, `p + i` of one); a variable's alias (a parameter bound by
 * inlining to its argument, a local initialised once and never assigned, resolved in
 * turn, unless that needs a guess by type); a start routine's parameter bound at
 * the thread's creation; the points-to set of E when it is complete; else every
 * object of the pointee type (by_type). Every answer is seen as E's pointee type. */
static GPtrArray *
deref_places (Lower *L, CExpr *e0)
{
  CExpr *e = c_peel (e0);
  if (!e)
    return places_new ();
  CType *want = pointee (L, type_of (L, e0));
  if (!want)
    want = pointee (L, type_of (L, e));
  if (e->kind == C_EXPR_UNARY && e->op == C_OP_ADDR)
    return view_places (L, lower_lval (L, e->a), want);
  /* a string literal is never written (and never raced); the null pointer constant
   * (0, NULL) points to nothing */
  if (e->kind == C_EXPR_STRING || (e->kind == C_EXPR_INT && strcmp (e->text, "0") == 0))
    return places_new ();
  CType *t = strip (L, type_of (L, e));
  gboolean param = e->kind == C_EXPR_IDENT && e->decl && e->decl->kind == C_DECL_PARAM;
  if (t && t->kind == C_TYPE_ARRAY && !param)
    {
      GPtrArray *ps = lower_lval (L, e);
      extend_index (L, ps);
      return view_places (L, ps, want);
    }
  if (e->kind == C_EXPR_BINARY && (e->op == C_OP_ADD || e->op == C_OP_SUB))
    {
      gboolean left = is_pointerish (L, type_of (L, e->a));
      lower_eval (L, left ? e->b : e->a);
      gint role = e->op == C_OP_ADD ? lower_elems_role (L, left ? e->a : e->b, left ? e->b : e->a) : ELEM_NONE;
      if (role == ELEM_OTHER)
        {
          /* base + i in a pass of another element: an offset from it may leave it */
          L->elem_other = L->other_obj = TRUE;
          return places_new ();
        }
      GPtrArray *ps = lower_deref_offset (L, left ? e->a : e->b);
      if (role == ELEM_REP)
        lower_rep_grant (L, ps);
      return view_places (L, ps, want);
    }
  if (e->kind == C_EXPR_CALL)
    {
      const char *n = c_callee_name (e);
      lower_eval (L, e);
      if (lower_is_alloc (L, n) && L->alias_depth == 0)
        return places_new ();  /* fresh memory: no other thread has it yet */
      if (lower_is_alloc (L, n) && lower_elems_site_role (L, e) == ELEM_OTHER)
        {
          /* the object of a pass of another object (rf-c-lower-elems.c): an offset
           * from it stays inside it (assumption 3) */
          L->elem_other = L->other_obj = L->elem_inside = TRUE;
          return places_new ();
        }
      RfCObj *r = lower_is_alloc (L, n) ? lower_root_find (L, RF_C_OBJ_HEAP, e) : NULL;
      if (r)
        {
          /* the value of a variable initialised here: the allocation site's object */
          GPtrArray *ps = places_new ();
          g_ptr_array_add (ps, (gpointer) rf_c_objects_loc (L->objs, r, ""));
          return view_places (L, ps, want);
        }
    }
  else if (e->kind == C_EXPR_IDENT && e->decl && g_hash_table_contains (L->priv.fresh, e->decl))
    {
      lower_eval (L, e);
      return places_new ();  /* an object no other thread has yet (see fresh_gen) */
    }
  else if ((e->kind == C_EXPR_INDEX || e->kind == C_EXPR_IDENT) && lower_elems_held_element (L, e))
    {
      /* A[i] or v holding the object of its pass (rf-c-lower-elems.c): another object,
       * or the site's */
      CExpr *site = lower_elems_held_element (L, e);
      lower_eval (L, e);
      GPtrArray *ps = places_new ();
      RfCObj *r = lower_root_find (L, RF_C_OBJ_HEAP, site);
      if (lower_elems_site_role (L, site) == ELEM_OTHER)
        L->elem_other = L->other_obj = L->elem_inside = TRUE;
      else if (r)
        g_ptr_array_add (ps, (gpointer) rf_c_objects_loc (L->objs, r, ""));
      else
        {
          g_ptr_array_unref (ps);
          ps = lower_by_type (L, want);
        }
      return view_places (L, ps, want);
    }
  else if (e->kind == C_EXPR_IDENT && e->decl && tracked_param (L, e->decl) >= 0)
    {
      /* an entry's parameter standing for the representative or another object */
      lower_eval (L, e);
      RfCObj *client = lower_param_client (L, e->decl);
      GPtrArray *ps = places_new ();
      if (tracked_param (L, e->decl) == 1)
        g_ptr_array_add (ps, (gpointer) rf_c_objects_loc (L->objs, client->rep, ""));
      else
        {
          /* every object it may point to but T's client objects */
          L->other_obj = TRUE;
          guint guessed = L->guessed;
          g_autoptr (GPtrArray) all = lower_by_type (L, client->type);
          L->guessed = guessed;
          for (guint i = 0; i < all->len; i++)
            {
              const RfCLoc *pl = g_ptr_array_index (all, i);
              if (pl->obj == client || lower_untyped_memory (L, pl->obj)
                  || (pl->obj->clients && g_ptr_array_find (pl->obj->clients, client, NULL)))
                continue;
              g_ptr_array_add (ps, (gpointer) pl);
            }
        }
      return view_places (L, ps, want);
    }
  else if (e->kind == C_EXPR_IDENT && e->decl && lower_elems_ptr_role (L, e->decl) == ELEM_OTHER)
    {
      /* a guess (rf-c-lower-guess.c): it points to another cell than the
       * representative; an offset from it may leave that cell */
      lower_eval (L, e);
      L->elem_other = L->other_obj = TRUE;
      return places_new ();
    }
  else if (e->kind == C_EXPR_IDENT && e->decl)
    {
      /* under a guess that it points to the representative cell, that cell */
      gboolean guessed_rep = lower_elems_ptr_role (L, e->decl) == ELEM_REP;
      GPtrArray *r = deref_ident (L, e, want);
      if (guessed_rep)
        lower_rep_grant (L, r);
      return r;
    }
  else if (e->kind == C_EXPR_MEMBER && lower_owned_other (L, e))
    {
      /* a pointer another object owns (rf-c-lower-owned.c): it points to another owned
       * object, and an offset from it stays inside that (assumption 3) */
      lower_eval (L, e);
      L->elem_other = L->other_obj = L->elem_inside = TRUE;
      return places_new ();
    }
  else
    {
      /* what evaluating E itself meets (a load through another element or object)
       * says nothing of what its value points to: its points-to set does */
      gboolean other = L->other_obj, eo = L->elem_other, ei = L->elem_inside;
      lower_eval (L, e);
      L->other_obj = other, L->elem_other = eo, L->elem_inside = ei;
    }
  GPtrArray *ps = by_points (L, e, want);
  if (!ps)
    ps = lower_by_type (L, want);  /* the declared pointee of the original expression (casts included) */
  return ps;
}

/* deref_places of a variable E: its alias, its binding at a thread's creation, its
 * points-to set, else every object of type WANT. */
static GPtrArray *
deref_ident (Lower *L, CExpr *e, CType *want)
{
  Frame *f = NULL;
  CExpr *a = L->alias_depth < 16 ? alias_of (L, e->decl, &f) : NULL;
  GPtrArray *bound = a ? NULL : job_binding (L, e->decl);
  lower_eval (L, e);
  if (bound)
    return view_places (L, places_copy (bound), want);
  if (a)
    {
      guint guessed = L->guessed;
      Frame *save = L->frame;
      L->frame = f;
      L->quiet++;
      L->alias_depth++;
      lower_elems_alias_enter (L, e->decl, f);
      const RfCLoc *cell = L->rep_cell;
      GPtrArray *r = lower_deref (L, a);
      lower_elems_alias_leave (L, e->decl, f);
      L->alias_depth--;
      L->quiet--;
      L->frame = save;
      if (L->guessed == guessed)
        return view_places (L, r, want);
      L->guessed = guessed;
      L->rep_cell = cell;
      g_ptr_array_unref (r);
    }
  GPtrArray *ps = by_points (L, e, want);
  if (!ps)
    ps = lower_by_type (L, want);  /* the declared pointee of the original expression (casts included) */
  return ps;
}

/* deref_places, where an object of a client class (client_roots) may be the
 * representative too. */
GPtrArray *
lower_deref (Lower *L, CExpr *e)
{
  return with_clients (L, deref_places (L, e));
}

/* The places pointer BASE may point to, for an access at an offset from it (an index,
 * pointer arithmetic). A parameter standing for the representative object or for
 * another one (track_params) says nothing of the objects next to it (an array of
 * queues): a base resolved through one gives every object of its type instead. */
static GPtrArray *
lower_deref_offset (Lower *L, CExpr *base)
{
  CType *t = strip (L, type_of (L, base));
  CExpr *b = c_peel (base);
  gboolean param = b && b->kind == C_EXPR_IDENT && b->decl && b->decl->kind == C_DECL_PARAM;
  if (t && t->kind == C_TYPE_ARRAY && !param)
    return lower_deref (L, base);  /* an array member: the offset stays inside its object */
  gboolean saved = L->other_obj, saved_inside = L->elem_inside;
  const RfCLoc *cell = L->rep_cell;
  L->other_obj = L->elem_inside = FALSE;
  GPtrArray *ps = lower_deref (L, base);
  gboolean leaves = L->other_obj && !L->elem_inside;
  for (guint i = 0; i < ps->len && !leaves; i++)
    leaves = ((const RfCLoc *) g_ptr_array_index (ps, i))->obj->representative;
  L->other_obj = saved;
  L->elem_inside = saved_inside;
  if (!leaves)
    return ps;
  L->rep_cell = cell;
  g_ptr_array_unref (ps);
  return with_clients (L, lower_by_type (L, pointee (L, type_of (L, base))));
}

/* The places lvalue E may denote (empty: thread-private); evaluates its
 * sub-expressions (pointers, indices). */
GPtrArray *
lower_lval (Lower *L, CExpr *e)
{
  if (!e)
    return places_new ();
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      {
        GPtrArray *ps = places_new ();
        RfCObj *r = lower_root_of_decl (L, e->decl, cur_fn (L));
        if (r)
          g_ptr_array_add (ps, (gpointer) rf_c_objects_loc (L->objs, r, ""));
        return ps;
      }
    case C_EXPR_MEMBER:
      {
        GPtrArray *ps = e->arrow ? lower_deref (L, e->a) : lower_lval (L, e->a);
        extend_member (L, ps, e->text);
        return ps;
      }
    case C_EXPR_INDEX:
      {
        CExpr *arr = e->a, *idx = e->b;
        if (!is_pointerish (L, type_of (L, arr)) && is_pointerish (L, type_of (L, idx)))
          arr = e->b, idx = e->a;
        lower_eval (L, idx);
        if (lower_elems_role (L, arr, idx) == ELEM_OTHER)
          {
            /* base[i] in a pass of another element; an offset from a pointer to it
             * may leave it, not one from a pointer into it when it is an array (a
             * row: C keeps pointer arithmetic inside the array it points into) */
            CType *et = strip (L, type_of (L, e));
            L->elem_other = TRUE;
            if (!et || et->kind != C_TYPE_ARRAY)
              L->other_obj = TRUE;
            return places_new ();
          }
        gboolean rep = lower_elems_role (L, arr, idx) == ELEM_REP;
        GPtrArray *ps = lower_deref_offset (L, arr);
        if (rep)
          lower_rep_grant (L, ps);  /* the representative cell of the array */
        return ps;
      }
    case C_EXPR_UNARY:
      if (e->op == C_OP_DEREF)
        return lower_deref (L, e->a);
      if (e->op == C_OP_EXTENSION || e->op == C_OP_REAL || e->op == C_OP_IMAG)
        return lower_lval (L, e->a);  /* __real__ z: a part of z's location */
      lower_eval (L, e);
      return places_new ();
    case C_EXPR_GENERIC:
      {
        /* _Generic (x, int: a, default: b) = v: the association is chosen at compile
         * time, the model takes each (as lower_eval does) */
        GPtrArray *ps = places_new ();
        for (guint i = 0; e->args && i < e->args->len; i++)
          {
            g_autoptr (GPtrArray) one = lower_lval (L, ((CGenericAssoc *) g_ptr_array_index (e->args, i))->expr);
            for (guint k = 0; k < one->len; k++)
              if (!g_ptr_array_find (ps, g_ptr_array_index (one, k), NULL))
                g_ptr_array_add (ps, g_ptr_array_index (one, k));
          }
        return ps;
      }
    case C_EXPR_CAST:
      return lower_lval (L, e->a);
    case C_EXPR_COMPOUND_LIT:
      {
        lower_eval (L, e);
        GPtrArray *ps = places_new ();
        RfCObj *r = lower_root_find (L, RF_C_OBJ_LITERAL, e);
        if (r)
          g_ptr_array_add (ps, (gpointer) rf_c_objects_loc (L->objs, r, ""));
        return ps;
      }
    default:
      lower_eval (L, e);
      return places_new ();
    }
}
