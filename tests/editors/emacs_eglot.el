;;; emacs_eglot.el --- for tests/test_emacs.py  -*- lexical-binding: t -*-
;; After the documented init file: visits a deck of the example site as a user does, lets the
;; command loop's hooks run (eglot-ensure connects then), waits for the findings and follows
;; the definition of a mode with M-.; writes what it saw as JSON to $DECKLINT_OUT.
(require 'json)
(defun eglot-probe--write (alist)
  (with-temp-file (getenv "DECKLINT_OUT")
    (insert (json-encode alist))))

(condition-case err
    (let ((site (getenv "DECKLINT_SITE")) diagnostics mode managed)
      (find-file (expand-file-name "MVS1/SWLAB" site))
      (run-hooks 'post-command-hook) ; the end of the find-file command
      (setq mode (symbol-name major-mode)
            managed (if (bound-and-true-p eglot--managed-mode) t :json-false))
      (let ((deadline (+ (float-time) 90)) (last -1) (since (float-time)))
        (while (and (< (float-time) deadline)
                    (or (null (flymake-diagnostics)) (< (- (float-time) since) 1.5)))
          (accept-process-output nil 0.1)
          (flymake-start)
          (unless (= (length (flymake-diagnostics)) last)
            (setq last (length (flymake-diagnostics)) since (float-time)))))
      (dolist (d (flymake-diagnostics))
        (let ((beg (flymake-diagnostic-beg d)))
          (push `((line . ,(1- (line-number-at-pos beg)))
                  (col . ,(save-excursion (goto-char beg) (current-column)))
                  (text . ,(flymake-diagnostic-text d)))
                diagnostics)))
      (goto-char (point-min))
      (search-forward "DLOGMOD=#INTER")
      (backward-char 3)
      (call-interactively #'xref-find-definitions) ; M-.
      (eglot-probe--write
       `((mode . ,mode)
         (managed . ,managed)
         (diagnostics . ,(vconcat diagnostics))
         (definition . ((file . ,buffer-file-name)
                        (line . ,(line-number-at-pos))
                        (text . ,(buffer-substring-no-properties
                                  (line-beginning-position) (line-end-position))))))))
  (error (eglot-probe--write `((error . ,(format "%S" err))))))
(kill-emacs 0)
