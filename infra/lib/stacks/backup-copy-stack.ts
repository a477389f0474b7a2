import { RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { BackupVault } from 'aws-cdk-lib/aws-backup';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { Construct } from 'constructs';
import type { StageConfig } from '../stage-config';

export interface BackupCopyStackProps extends StackProps {
  readonly config: StageConfig;
}

/** The copy vault's name, fixed so the backup plan in the stage's region can name its ARN across regions. */
export const backupCopyVaultName = (config: StageConfig): string => `club-${config.stage}-table-copies`;

/**
 * The vault in a second Canadian region that the table's daily backups are copied to (data stack's plan):
 * if the stage's region is lost, the members' data can be restored there. Kept when the stack is deleted,
 * with its key: without the key the copies could never be read.
 */
export class BackupCopyStack extends Stack {
  readonly vault: BackupVault;

  constructor(scope: Construct, id: string, props: BackupCopyStackProps) {
    super(scope, id, props);
    const { config } = props;
    const key = new Key(this, 'Key', {
      description: `Club website ${config.stage}: encrypts the table's backup copies`,
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.vault = new BackupVault(this, 'Vault', {
      backupVaultName: backupCopyVaultName(config),
      encryptionKey: key,
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }
}
