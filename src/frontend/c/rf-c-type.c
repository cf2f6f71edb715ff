/* rf-c-type: questions about the types of C expressions (see rf-c-type.h). */
#include "rf-c-type.h"

#include <string.h>

struct _RfCTypes {
  GPtrArray *made;  /* CType*, g_free: types of expressions the tree does not hold */
  guint depth;      /* rf_c_type_of recursion, bounded */
};

RfCTypes *
rf_c_types_new (void)
{
  RfCTypes *ty = g_new0 (RfCTypes, 1);
  ty->made = g_ptr_array_new_with_free_func (g_free);
  return ty;
}

void
rf_c_types_free (RfCTypes *ty)
{
  if (!ty)
    return;
  g_ptr_array_unref (ty->made);
  g_free (ty);
}

CType *
rf_c_type_strip (RfCTypes *ty, CType *t)
{
  for (int i = 0; t && i < 64; i++)
    {
      if (t->kind == C_TYPE_TYPEDEF && t->tdef)
        t = t->tdef->type;
      else if (t->kind == C_TYPE_TYPEOF)
        t = t->expr ? rf_c_type_of (ty, t->expr) : t->base;
      else
        return t;
    }
  return t;
}

static CType *
make_type (RfCTypes *ty, CTypeKind kind, CType *base)
{
  CType *t = g_new0 (CType, 1);
  t->kind = kind;
  t->base = base;
  if (kind == C_TYPE_BASIC)
    t->basic = C_BASIC_INT;
  g_ptr_array_add (ty->made, t);
  return t;
}

CType *
rf_c_type_pointer_to (RfCTypes *ty, CType *base)
{
  return make_type (ty, C_TYPE_POINTER, base);
}

gboolean
rf_c_type_is_pointerish (RfCTypes *ty, CType *t)
{
  t = rf_c_type_strip (ty, t);
  return t && (t->kind == C_TYPE_POINTER || t->kind == C_TYPE_ARRAY);
}

CType *
rf_c_type_pointee (RfCTypes *ty, CType *t)
{
  t = rf_c_type_strip (ty, t);
  if (t && (t->kind == C_TYPE_POINTER || t->kind == C_TYPE_ARRAY))
    return t->base;
  return NULL;
}

CType *
rf_c_type_member (RfCTypes *ty, CType *t, const char *name)
{
  t = rf_c_type_strip (ty, t);
  if (!t || (t->kind != C_TYPE_STRUCT && t->kind != C_TYPE_UNION) || !t->tag || !t->tag->members || !name)
    return NULL;
  for (guint i = 0; i < t->tag->members->len; i++)
    {
      CDecl *m = g_ptr_array_index (t->tag->members, i);
      if (m->name && strcmp (m->name, name) == 0)
        return m->type;
      if (!m->name)
        {
          CType *r = rf_c_type_member (ty, m->type, name);
          if (r)
            return r;
        }
    }
  return NULL;
}

CType *
rf_c_type_of_decl (RfCTypes *ty, CDecl *d)
{
  if (!d)
    return NULL;
  CType *t = d->type;
  if (t && t->kind == C_TYPE_AUTO && d->init && d->init->expr)
    return rf_c_type_of (ty, d->init->expr);
  return t;
}

CType *
rf_c_type_of (RfCTypes *ty, CExpr *e)
{
  if (!e || ty->depth > 200)
    return NULL;
  ty->depth++;
  CType *r = NULL;
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      if (e->decl && (e->decl->kind == C_DECL_VAR || e->decl->kind == C_DECL_PARAM
                      || e->decl->kind == C_DECL_FUNC))
        r = rf_c_type_of_decl (ty, e->decl);
      else
        r = make_type (ty, C_TYPE_BASIC, NULL);
      break;
    case C_EXPR_INT: case C_EXPR_CHAR: case C_EXPR_FLOAT: case C_EXPR_SIZEOF:
    case C_EXPR_ALIGNOF: case C_EXPR_OFFSETOF: case C_EXPR_TYPES_COMPAT:
      r = make_type (ty, C_TYPE_BASIC, NULL);
      break;
    case C_EXPR_STRING:
      r = make_type (ty, C_TYPE_POINTER, NULL);
      break;
    case C_EXPR_UNARY:
      switch (e->op)
        {
        case C_OP_ADDR:
          {
            CType *a = rf_c_type_of (ty, e->a);
            r = make_type (ty, C_TYPE_POINTER, a);
            if (!a)
              r = NULL;
          }
          break;
        case C_OP_DEREF: r = rf_c_type_pointee (ty, rf_c_type_of (ty, e->a)); break;
        case C_OP_NOT: r = make_type (ty, C_TYPE_BASIC, NULL); break;
        default: r = rf_c_type_of (ty, e->a); break;
        }
      break;
    case C_EXPR_BINARY:
      switch (e->op)
        {
        case C_OP_ADD: case C_OP_SUB:
          {
            CType *a = rf_c_type_of (ty, e->a), *b = rf_c_type_of (ty, e->b);
            if (rf_c_type_is_pointerish (ty, a) && !(e->op == C_OP_SUB && rf_c_type_is_pointerish (ty, b)))
              r = make_type (ty, C_TYPE_POINTER, rf_c_type_pointee (ty, a));
            else if (rf_c_type_is_pointerish (ty, b) && e->op == C_OP_ADD)
              r = make_type (ty, C_TYPE_POINTER, rf_c_type_pointee (ty, b));
            else
              r = (a && b) ? make_type (ty, C_TYPE_BASIC, NULL) : NULL;
          }
          break;
        default: r = make_type (ty, C_TYPE_BASIC, NULL); break;
        }
      break;
    case C_EXPR_ASSIGN: r = rf_c_type_of (ty, e->a); break;
    case C_EXPR_COND: r = rf_c_type_of (ty, e->b ? e->b : e->a); if (!r) r = rf_c_type_of (ty, e->c); break;
    case C_EXPR_COMMA: r = rf_c_type_of (ty, e->b); break;
    case C_EXPR_CALL:
      {
        CType *f = rf_c_type_strip (ty, rf_c_type_of (ty, e->a));
        if (f && f->kind == C_TYPE_POINTER)
          f = rf_c_type_strip (ty, f->base);
        r = (f && f->kind == C_TYPE_FUNCTION) ? f->base : NULL;
      }
      break;
    case C_EXPR_MEMBER:
      {
        CType *a = rf_c_type_of (ty, e->a);
        if (e->arrow)
          a = rf_c_type_pointee (ty, a);
        r = a ? rf_c_type_member (ty, a, e->text) : NULL;
      }
      break;
    case C_EXPR_INDEX:
      {
        CType *a = rf_c_type_of (ty, e->a);
        r = rf_c_type_is_pointerish (ty, a) ? rf_c_type_pointee (ty, a)
                                            : rf_c_type_pointee (ty, rf_c_type_of (ty, e->b));
      }
      break;
    case C_EXPR_CAST: case C_EXPR_COMPOUND_LIT: case C_EXPR_VA_ARG: r = e->type; break;
    default: r = NULL; break;
    }
  ty->depth--;
  return r;
}

gboolean
rf_c_type_is_any (RfCTypes *ty, CType *t)
{
  t = rf_c_type_strip (ty, t);
  if (!t || t->kind == C_TYPE_VOID)
    return TRUE;
  return t->kind == C_TYPE_BASIC && (t->basic == C_BASIC_CHAR || t->basic == C_BASIC_SCHAR
                                     || t->basic == C_BASIC_UCHAR);
}

static CBasic
unsigned_to_signed (CBasic b)
{
  switch (b)
    {
    case C_BASIC_UCHAR: return C_BASIC_SCHAR;
    case C_BASIC_USHORT: return C_BASIC_SHORT;
    case C_BASIC_UINT: return C_BASIC_INT;
    case C_BASIC_ULONG: return C_BASIC_LONG;
    case C_BASIC_ULLONG: return C_BASIC_LLONG;
    case C_BASIC_UINT128: return C_BASIC_INT128;
    default: return b;
    }
}

gboolean
rf_c_type_compatible (RfCTypes *ty, CType *a, CType *b)
{
  a = rf_c_type_strip (ty, a);
  b = rf_c_type_strip (ty, b);
  while (a && a->kind == C_TYPE_ARRAY)
    a = rf_c_type_strip (ty, a->base);
  while (b && b->kind == C_TYPE_ARRAY)
    b = rf_c_type_strip (ty, b->base);
  if (!a || !b)
    return TRUE;
  if (a->kind == C_TYPE_ENUM)
    return b->kind == C_TYPE_ENUM || b->kind == C_TYPE_BASIC;
  if (b->kind == C_TYPE_ENUM)
    return a->kind == C_TYPE_BASIC;
  if (a->kind != b->kind)
    return FALSE;
  switch (a->kind)
    {
    case C_TYPE_STRUCT: case C_TYPE_UNION:
      return a->tag == b->tag || (a->tag && b->tag && a->tag->name && b->tag->name
                                  && strcmp (a->tag->name, b->tag->name) == 0);
    case C_TYPE_BASIC:
      return unsigned_to_signed (a->basic) == unsigned_to_signed (b->basic);
    case C_TYPE_POINTER:
      return TRUE;
    case C_TYPE_FUNCTION:
      return FALSE;
    default:
      return TRUE;
    }
}

/* T holds a leaf of a kind POINTERS says (pointers, or other data); depth-bounded. */
static gboolean
holds (RfCTypes *ty, CType *t, gboolean pointers, int depth)
{
  t = rf_c_type_strip (ty, t);
  if (!t || depth > 16)
    return TRUE;
  switch (t->kind)
    {
    case C_TYPE_POINTER:
      return pointers;
    case C_TYPE_ARRAY:
      return holds (ty, t->base, pointers, depth + 1);
    case C_TYPE_STRUCT: case C_TYPE_UNION:
      if (!t->tag || !t->tag->members)
        return TRUE;
      for (guint i = 0; i < t->tag->members->len; i++)
        if (holds (ty, ((CDecl *) g_ptr_array_index (t->tag->members, i))->type, pointers, depth + 1))
          return TRUE;
      return FALSE;
    case C_TYPE_FUNCTION: case C_TYPE_VOID:
      return FALSE;
    case C_TYPE_AUTO: case C_TYPE_TYPEDEF: case C_TYPE_TYPEOF:
      return TRUE;
    default:
      return !pointers;
    }
}

gboolean
rf_c_type_holds_pointers (RfCTypes *ty, CType *t)
{
  return holds (ty, t, TRUE, 0);
}

gboolean
rf_c_type_holds_scalars (RfCTypes *ty, CType *t)
{
  return holds (ty, t, FALSE, 0);
}

gboolean
rf_c_type_is_atomic (CType *t)
{
  for (int i = 0; t && i < 64; i++)
    {
      if (t->quals & C_QUAL_ATOMIC)
        return TRUE;
      if (t->kind == C_TYPE_TYPEDEF && t->tdef)
        t = t->tdef->type;
      else
        return FALSE;
    }
  return FALSE;
}

const char *
rf_c_type_sync_kind (CType *t)
{
  static const char *const names[] = { "pthread_mutex_t", "pthread_cond_t", "pthread_rwlock_t",
                                       "pthread_spinlock_t", "sem_t", "pthread_barrier_t", "pthread_once_t" };
  for (int i = 0; t && i < 64 && t->kind == C_TYPE_TYPEDEF && t->tdef; i++)
    {
      const char *n = t->tdef->name;
      for (guint k = 0; n && k < G_N_ELEMENTS (names); k++)
        if (strcmp (n, names[k]) == 0)
          return names[k];
      t = t->tdef->type;
    }
  return NULL;
}

static gboolean
holds_sync (RfCTypes *ty, CType *t, int depth)
{
  if (rf_c_type_sync_kind (t))
    return TRUE;
  t = rf_c_type_strip (ty, t);
  if (!t || depth > 8)
    return FALSE;
  if (t->kind == C_TYPE_ARRAY)
    return holds_sync (ty, t->base, depth + 1);
  if ((t->kind == C_TYPE_STRUCT || t->kind == C_TYPE_UNION) && t->tag && t->tag->members)
    for (guint i = 0; i < t->tag->members->len; i++)
      if (holds_sync (ty, ((CDecl *) g_ptr_array_index (t->tag->members, i))->type, depth + 1))
        return TRUE;
  return FALSE;
}

gboolean
rf_c_type_holds_sync (RfCTypes *ty, CType *t)
{
  return holds_sync (ty, t, 0);
}
