;;; patterns.el --- for tests/test_editor_detection.py  -*- lexical-binding: t -*-
;; Every match of each pattern of the tables in each text, as Emacs finds them with the
;; patterns decklint-tables.el gives. $DECKLINT_IN is JSON {"patterns": [[path...]],
;; "lines": [...], "texts": [...]}; $DECKLINT_OUT gets, by pattern and text, each match as
;; [start, end, group starts and ends] (-1 for a group that took no part), as Python's
;; finditer gives; for a pattern "lines" marks, the first match in each line of the text.
(require 'json)
(require 'decklint)

(defun patterns--key (name)
  (intern (concat ":" (replace-regexp-in-string "[_ ]" "-" name))))

(defun patterns--find (path)
  (pcase path
    (`("dialects" ,dialect ,table) (decklint--get :dialects dialect (patterns--key table)))
    (`("evidence" ,name) (decklint--get :evidence :patterns (patterns--key name)))
    (`(,name) (decklint--get (patterns--key name)))))

(let* ((json-array-type 'list)
       (input (json-read-file (getenv "DECKLINT_IN")))
       (texts (cdr (assq 'texts input)))
       (result nil))
  (cl-loop
   for path in (cdr (assq 'patterns input))
   for by-line in (cdr (assq 'lines input))
   do (let* ((pat (patterns--find path)) (per-text nil) (groups (regexp-opt-depth (car pat)))
             (row (lambda ()
                    (let ((row (list (match-beginning 0) (match-end 0))))
                      (dotimes (g groups)
                        (setq row (append row (list (or (match-beginning (1+ g)) -1)
                                                    (or (match-end (1+ g)) -1)))))
                      (vconcat row)))))
        (dolist (text texts)
          (let ((found nil))
            (if (eq by-line t)
                (dolist (line (split-string text "\n"))
                  (push (if (decklint--search pat line) (funcall row) :json-null) found))
              (decklint--each pat text (lambda () (push (funcall row) found) nil)))
            (push (vconcat (nreverse found)) per-text)))
        (push (vconcat (nreverse per-text)) result)))
  (with-temp-file (getenv "DECKLINT_OUT")
    (insert (json-encode (vconcat (nreverse result))))))
