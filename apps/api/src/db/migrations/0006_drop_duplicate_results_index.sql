-- exam_results_user_order (user_id, completed_at DESC, id DESC), from 0005, serves every query this index
-- served; keeping both cost an extra index update on every submitted exam.
DROP INDEX IF EXISTS "exam_results_user_id_completed_at_index";
